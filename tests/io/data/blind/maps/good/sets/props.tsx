<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="props" tilewidth="16" tileheight="16" tilecount="4" columns="4">
 <image source="art/tiles.png" width="64" height="16"/>
 <tile id="2" type="statue">
  <properties>
   <property name="height" type="float" value="2.5"/>
  </properties>
 </tile>
</tileset>
