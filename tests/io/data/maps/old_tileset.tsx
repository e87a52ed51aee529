<?xml version="1.0" encoding="UTF-8"?>
<tileset name="old" tilewidth="16" tileheight="16">
 <image source="tiles.png"/>
 <tile id="2">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
</tileset>
