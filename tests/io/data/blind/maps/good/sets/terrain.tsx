<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" class="TerrainSet" tilewidth="16" tileheight="16" tilecount="4" columns="4" objectalignment="bottomleft" tilerendersize="grid" fillmode="preserve-aspect-fit">
 <transformations hflip="1" vflip="1" rotate="1" preferuntransformed="1"/>
 <image source="art/tiles.png" width="64" height="16"/>
 <tile id="1" type="Rubble" probability="0.5">
  <properties>
   <property name="terrain" value="difficult"/>
  </properties>
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0" width="16" height="16"/>
  </objectgroup>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="liquid, treacherous"/>
   <property name="banes" type="int" value="1"/>
  </properties>
  <animation>
   <frame tileid="2" duration="200"/>
   <frame tileid="1" duration="200"/>
  </animation>
 </tile>
 <tile id="3">
  <properties>
   <property name="elevation" type="float" value="2"/>
  </properties>
 </tile>
 <wangsets>
  <wangset name="Ground" type="corner" tile="-1">
   <wangcolor name="Grass" color="#ff0000" tile="-1" probability="1"/>
   <wangtile tileid="0" wangid="0,1,0,1,0,1,0,1"/>
  </wangset>
 </wangsets>
</tileset>
