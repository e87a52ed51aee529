<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="32" tileheight="32" tilecount="24" columns="8">
 <image source="terrain.png" width="256" height="96"/>
 <tile id="0">
  <properties>
   <property name="label" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="label" value="dirt"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="label" value="flagstone"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="label" value="dark flagstone"/>
   <property name="light" value="dark"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="label" value="undergrowth"/>
   <property name="terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="label" value="rubble"/>
   <property name="terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="label" value="water"/>
   <property name="terrain" value="liquid"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="label" value="rough water"/>
   <property name="terrain" value="liquid, treacherous"/>
   <property name="banes" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="label" value="ice"/>
   <property name="terrain" value="treacherous"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="label" value="narrow beam"/>
   <property name="terrain" value="treacherous"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="label" value="bridge planks"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="label" value="chasm"/>
   <property name="elevation" type="float" value="-12"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="label" value="solid rock"/>
   <property name="terrain" value="impassable"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="label" value="ladder"/>
   <property name="terrain" value="climbable"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="label" value="tower top"/>
   <property name="elevation" type="float" value="5"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="label" value="rampart walk"/>
   <property name="elevation" type="float" value="3"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="label" value="lower ledge"/>
   <property name="elevation" type="float" value="-4"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="label" value="mud"/>
   <property name="terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="label" value="deep water"/>
   <property name="terrain" value="liquid"/>
   <property name="elevation" type="float" value="-1"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="label" value="stairs 1"/>
   <property name="elevation" type="float" value="1"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="label" value="stairs 2"/>
   <property name="elevation" type="float" value="2"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="label" value="climbable rock face"/>
   <property name="terrain" value="climbable"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="label" value="far bank"/>
   <property name="elevation" type="float" value="1"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="label" value="dim floor"/>
   <property name="light" value="dim"/>
  </properties>
 </tile>
</tileset>
